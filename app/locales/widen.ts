/** The shape of a language's texts: every string widened, so the other language must have the same keys. */
export type Widen<T> = T extends string ? string : { [K in keyof T]: Widen<T[K]> }

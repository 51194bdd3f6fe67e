import type menusEs from './menus.es'

type Widen<T> = T extends string ? string : { [K in keyof T]: Widen<T[K]> }
export type MenusResources = Widen<typeof menusEs>

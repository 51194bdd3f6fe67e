import type siteEs from './site.es'

type Widen<T> = T extends string ? string : { [K in keyof T]: Widen<T[K]> }
export type SiteResources = Widen<typeof siteEs>

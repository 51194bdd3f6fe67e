/** Light, dark or system; light unless the visitor chose otherwise. */
export const THEMES = ['light', 'dark', 'system'] as const
export type Theme = (typeof THEMES)[number]
export const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme)

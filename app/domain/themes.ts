/** Light, dark or system; system (the device's own setting) until the visitor chooses. */
export const THEMES = ['light', 'dark', 'system'] as const
export type Theme = (typeof THEMES)[number]
export const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme)

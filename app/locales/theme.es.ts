import type { Widen } from './widen'

/** The theme switches of every area (the site's, the diner's, the staff's); Spanish, the default. */
const themeEs = {
  label: 'Tema',
  themes: { light: 'Claro', dark: 'Oscuro', system: 'Sistema' },
  /** The one-button switch of narrow headers: what a tap does. */
  switchTo: { light: 'Usar tema claro', dark: 'Usar tema oscuro' },
}

export type ThemeResources = Widen<typeof themeEs>
export default themeEs

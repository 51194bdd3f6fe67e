import type { ThemeResources } from './theme.es'

const themeEn: ThemeResources = {
  label: 'Theme',
  themes: { light: 'Light', dark: 'Dark', system: 'System' },
  switchTo: { light: 'Switch to light theme', dark: 'Switch to dark theme' },
}

export default themeEn

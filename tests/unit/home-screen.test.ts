import { describe, expect, it } from 'vitest'
import { needsHomeScreen } from '~/domain/home-screen'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1'
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

describe('whether a device must add Mesa to its Home Screen before notifications', () => {
  it('an iPhone in Safari (or any browser there) must; the same iPhone opened from the Home Screen need not', () => {
    expect(needsHomeScreen({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: false })).toBe(true)
    expect(needsHomeScreen({ userAgent: IPHONE_CHROME, maxTouchPoints: 5, standalone: false })).toBe(true)
    expect(needsHomeScreen({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: true })).toBe(false)
  })

  it('an iPad asking for desktop sites says it is a Mac but has a touch screen: it must too; a Mac need not', () => {
    expect(needsHomeScreen({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5, standalone: false })).toBe(true)
    expect(needsHomeScreen({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0, standalone: false })).toBe(false)
  })

  it('Android and desktop browsers take pushes in a tab', () => {
    expect(needsHomeScreen({ userAgent: ANDROID_CHROME, maxTouchPoints: 5, standalone: false })).toBe(false)
    expect(needsHomeScreen({ userAgent: WINDOWS_FIREFOX, maxTouchPoints: 0, standalone: false })).toBe(false)
  })
})

/**
 * What the browser says of itself, as the notifications page reads it:
 * its user agent, how many touch points its screen has (iPadOS reports a
 * Mac's user agent), and whether it runs as an app added to the Home Screen
 * (`navigator.standalone` or the `standalone` display mode).
 */
interface BrowserShape {
  userAgent: string
  maxTouchPoints: number
  standalone: boolean
}

/** iPhone, iPod and iPad, the last also when it asks for desktop sites and so calls itself a Mac. */
const isAppleMobile = ({ userAgent, maxTouchPoints }: BrowserShape) =>
  /\b(iPhone|iPod|iPad)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)

/**
 * Whether this device must add Mesa to its Home Screen before it can turn
 * notifications on: on iOS and iPadOS, Web Push reaches only a web app opened
 * from the Home Screen, whichever browser added it; Safari and every other
 * browser there (all WebKit) offer no push to a page in a tab.
 */
export const needsHomeScreen = (browser: BrowserShape): boolean => isAppleMobile(browser) && !browser.standalone

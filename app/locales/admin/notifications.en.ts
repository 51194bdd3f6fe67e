import type { NotificationsResources } from './notifications.es'

/** Turning a member's alerts on for one device (Web Push); English. */
const notificationsEn: NotificationsResources = {
  title: 'Notifications',
  lead: "Get {{restaurant}}'s alerts on this device even with Mesa closed: new orders, payments, a table calling for the waiter.",
  needsJavaScript: 'Notifications need JavaScript. Turn it on in your browser to switch them on for this device.',
  checking: 'Checking this device…',
  on: 'On for this device',
  off: 'Off for this device',
  turnOn: 'Turn notifications on',
  turnOff: 'Turn notifications off',
  working: 'One moment…',
  signOutNote: 'They turn off by themselves when you sign out on this device.',
  failed: 'Something went wrong. Check your connection and try again.',
  dismissed: 'The browser was not given permission. Tap the button again and choose “Allow”.',
  denied: "This browser blocks Mesa's notifications. Allow them in the site's settings and come back to this page.",
  unsupported: 'This browser cannot receive notifications. Try an up-to-date Chrome, Edge, Firefox or Safari.',
  notConfigured: 'Notifications are not set up on this server yet.',
  sharedDevice: "This is the restaurant's shared device: each person turns notifications on on their own phone.",
  homeScreen: {
    title: 'First, add Mesa to your Home Screen',
    text: 'On iPhone and iPad, notifications only reach Mesa opened from its icon.',
    share: 'Tap Share',
    add: 'Choose “Add to Home Screen”',
    open: 'Open Mesa from the new icon and come back to this page',
  },
  errors: {
    endpoint: 'The browser did not give a valid notification address (https).',
    keys: 'The browser did not give valid notification keys.',
  },
}

export default notificationsEn

import type { SiteResources } from './site.es'

/** The public site in English. */
const siteEn: SiteResources = {
  meta: {
    title: 'Mesa · Pay at the table, no app',
    description:
      'Diners scan the table QR code, see the live bill, split it and pay with card, Apple Pay or Google Pay. No app, no account.',
    privacyTitle: 'Privacy · Mesa',
    termsTitle: 'Terms and conditions · Mesa',
    notFoundTitle: 'Page not found · Mesa',
  },
  nav: {
    label: 'Main navigation',
    login: 'Log in',
    getDemo: 'Get Demo',
  },
  hero: {
    eyebrow: 'For restaurants in Mexico',
    title: 'Your diners pay from the table in 10 seconds',
    lead: 'They scan the QR code, see the live bill, pay all of it, only their own items or an equal share, and leave a tip. No app to download, no account to create.',
    signUp: 'Sign up my restaurant',
    waitlist: 'Not yet? We will write: join the waitlist',
    tryDemo: 'Try Demo',
    trial: '30-day free trial · No credit card',
  },
  demo: {
    title: 'Try the demo table',
    qrTab: 'QR code',
    browserTab: 'Open in browser',
    qrHint: "Scan it with your phone's camera: you will see table 7's bill as a diner sees it.",
    browserHint: "Open the demo table right here. You can pay: it's a demo and nothing is charged.",
    open: 'Open the demo table',
  },
  diners: {
    title: 'For your diners',
    cards: {
      scan: { title: 'Scan and go', text: "The table's QR code opens the bill in the browser. No app, no sign-up." },
      live: { title: 'The live bill', text: 'Every dish with who ordered it and what is already paid.' },
      split: { title: 'Split it any way', text: 'All of it, only your own items or equal shares, no maths.' },
      tip: { title: 'Tip in one tap', text: '10, 15 or 20 %, or any amount.' },
      pay: { title: 'Card, Apple Pay and Google Pay', text: 'The method they already use, in seconds.' },
      order: {
        title: 'Order from the table',
        text: 'The menu in their language; what they order goes straight to the bill.',
      },
    },
  },
  staff: {
    title: 'For your team',
    cards: {
      tables: { title: 'Tables and QR codes', text: 'Create your tables and print their codes in a minute.' },
      menu: { title: 'Menu builder', text: 'Categories, dishes, prices and modifiers.' },
      realtime: { title: 'Real-time tables', text: 'What was ordered and paid at every table, as it happens.' },
      analytics: { title: 'Analytics', text: 'Sales, tables served, average tip and best sellers.' },
      cashout: { title: 'End-of-shift cash-out', text: 'Close the shift without adding up tickets by hand.' },
      push: {
        title: 'Alerts for the waiter',
        text: 'On their phone, when a table orders, calls, pays or its order is ready.',
      },
      kitchen: {
        title: 'Kitchen',
        text: 'Every order on the pass’s tablet, with how long it has waited and what is left to make.',
      },
    },
  },
  preview: {
    splitAlt: "Splitting the bill equally on a phone: people paying, table size and each person's share.",
    title: 'See it',
    customer: 'Customer view',
    admin: 'Restaurant admin',
    customerAlt: "Table 7's bill on a phone: left to pay, each diner's dishes and the button to pay or split.",
    adminAlt: "The restaurant's dashboard: the active tables with their QR codes.",
  },
  start: {
    title: 'Ready to get paid faster?',
    text: 'Register your restaurant, create your tables and put the codes out. Your diners pay from today.',
    cta: 'Start now',
  },
  benefits: {
    title: 'Why Mesa',
    items: {
      fast: { value: '10 s', text: 'to pay the bill from a phone' },
      trial: { value: '30 days', text: 'free trial for your restaurant' },
      noApp: { value: '0 apps', text: 'to download: it works in any browser' },
      methods: { value: '3 ways', text: 'to pay: card, Apple Pay and Google Pay' },
    },
  },
  waitlist: {
    title: 'Join the waitlist',
    lead: 'We will write as soon as there is room for your restaurant.',
    name: 'Your name',
    email: 'Email',
    restaurantName: 'Restaurant name',
    message: 'Message (optional)',
    submit: 'Join',
    submitting: 'Sending…',
    thanksTitle: "You're on the list!",
    thanksText: 'Thank you, {{name}}. We will write to {{email}} as soon as there is room for {{restaurant}}.',
    close: 'Close',
  },
  contact: {
    title: 'Contact',
    lead: 'Leave your details and we will call you.',
    name: 'Name',
    phone: 'Phone',
    email: 'Email',
    restaurant: 'Restaurant',
    submit: 'Send',
    thanks: 'Thank you! We will be in touch soon.',
  },
  errors: {
    requiredTitle: 'Please fill in all the required fields',
    requiredText: 'We need your name, email and restaurant name.',
    emailTitle: 'Invalid email',
    emailText: 'Please enter a valid email.',
    required: 'This field is required',
    email: 'Invalid email',
    tooLong: 'The text is too long',
    failedTitle: 'We could not send the form',
  },
  footer: {
    label: 'Site links',
    home: 'Home',
    login: 'Login',
    signup: 'Sign up',
    contact: 'Contact',
    privacy: 'Privacy',
    terms: 'Terms',
    madeIn: 'Made in Monterrey, México with love',
    rights: '© {{year}} Mesa',
  },
  notFound: {
    title: '404 Page Not Found',
    text: 'Did you forget to add the page to the router?',
    home: 'Back to home',
  },
  terms: {
    title: 'Terms and conditions',
    updated: 'Last updated: November 2026',
    intro: 'The terms on which your restaurant uses Mesa, in a few words. By signing up you accept them.',
    sections: {
      service: {
        title: 'What Mesa is',
        text: 'Mesa shows your diners their table’s bill on their phone so they can split it and pay it, and gives you a dashboard for your tables, menus, team and cash-outs.',
      },
      account: {
        title: 'Your account',
        text: 'The details you give when you sign up must be true. Keep your password safe: what is done with your account, and with the access you give your team, is your restaurant’s responsibility.',
      },
      restaurant: {
        title: 'What you sell',
        text: 'Prices, taxes, facturas and what you serve are your restaurant’s. Mesa shows and charges what you and your team enter.',
      },
      payments: {
        title: 'Card payments',
        text: 'Card payments go to your own Stripe account: your restaurant is the merchant, on Stripe’s terms and fees, and handles its refunds and disputes. Mesa’s fee, if any, is taken from each charge and shows in your Stripe account. Test payments move no money and are shown as tests.',
      },
      availability: {
        title: 'Availability',
        text: 'We work to keep Mesa running, but we cannot promise it never fails. When it does, your diners can pay their server as always.',
      },
      ending: {
        title: 'Leaving Mesa',
        text: 'You can stop using Mesa whenever you like and ask us to delete your data. We may close an account used for fraud or to charge for something illegal.',
      },
      changes: {
        title: 'Changes',
        text: 'If we change these terms, we update this page and its date.',
      },
    },
    privacy: 'What we store and why is in the privacy notice.',
    privacyLink: 'Read the privacy notice',
    contact: 'Questions? Write to us from Contact.',
  },
  privacy: {
    title: 'Privacy',
    updated: 'Last updated: November 2026',
    intro:
      'Mesa keeps only what it needs for a restaurant to get paid at the table. This is everything we store and why.',
    sections: {
      waitlist: {
        title: 'Waitlist',
        text: 'Your name, email, restaurant name and message, to write to you when there is room. They also stay in your browser.',
      },
      contact: { title: 'Contact requests', text: 'Name, phone, email and restaurant, to call you back.' },
      bills: {
        title: 'Names on bills',
        text: "The name a diner types (optionally) when ordering or paying, to split the bill. It shows on that table's bill.",
      },
      payments: {
        title: 'Payments',
        text: 'Amount, tip, method (card, Apple Pay or Google Pay) and time of each payment, for the restaurant. Card details are handled by the payment processor; Mesa does not store them.',
      },
      accounts: {
        title: 'Restaurant accounts',
        text: "The restaurant's and owner's details and the hashed password, to sign in.",
      },
      nothingElse: {
        title: 'Nothing else',
        text: 'No ads, no tracking. Cookies keep your language, your theme, your staff session and on-screen notices.',
      },
    },
    contact: 'Questions, or want your data deleted? Write to us from Contact.',
  },
}

export default siteEn

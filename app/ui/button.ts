/** Class names of the few button looks the app uses; every target is at least 44 px, and a label that wraps stays centred. */
export const buttonClass = {
  primary:
    'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl text-center bg-emerald-800 px-5 font-semibold text-white shadow-sm transition hover:bg-emerald-900 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:bg-stone-400 dark:disabled:bg-stone-700 dark:disabled:text-stone-400',
  secondary:
    'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl text-center border border-stone-300 bg-white px-5 font-semibold text-stone-900 transition hover:bg-stone-100 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-50 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800',
  danger:
    'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl text-center bg-red-700 px-5 font-semibold text-white shadow-sm transition hover:bg-red-800 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:bg-stone-400 dark:disabled:bg-stone-700 dark:disabled:text-stone-400',
  icon: 'inline-grid size-11 place-items-center rounded-full text-stone-700 dark:text-stone-300 transition hover:bg-stone-200 dark:hover:bg-stone-800 focus-visible:outline focus-visible:outline-3 focus-visible:outline-emerald-700',
} as const

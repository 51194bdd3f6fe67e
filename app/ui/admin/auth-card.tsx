import type { ReactNode } from 'react'
import { LanguageSwitch, ThemeToggle } from '../customer/shell'
import { useI18n } from '../i18n'

/** The frame of the sign-in, sign-up and password pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useI18n()
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-4 py-6">
      <header className="mb-6 flex items-center justify-between">
        <p className="text-lg font-bold text-emerald-800 dark:text-emerald-400">{t('admin.brand')}</p>
        <div className="flex gap-2">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main className="rounded-3xl bg-white p-6 shadow-sm dark:bg-stone-900">
        <h1 className="mb-5 text-2xl font-bold">{title}</h1>
        {children}
      </main>
    </div>
  )
}

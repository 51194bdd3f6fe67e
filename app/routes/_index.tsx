import type { MetaFunction } from '@remix-run/cloudflare'
import { Link } from '@remix-run/react'

export const meta: MetaFunction = () => [
  { title: 'Mesa · Paga en la mesa' },
  { name: 'description', content: 'Escanea, revisa la cuenta y paga desde tu mesa, sin app ni cuenta.' },
]

export default function Index() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-6 p-6">
      <h1 className="text-4xl font-bold tracking-tight">Mesa</h1>
      <p className="text-lg text-slate-600">
        Escanea el código de tu mesa, revisa la cuenta y paga todo, solo lo tuyo o una parte igual, sin app ni cuenta.
      </p>
      <Link
        to="/customer/table/demo7"
        className="inline-flex min-h-11 w-fit items-center rounded-lg bg-emerald-700 px-5 font-semibold text-white"
      >
        Probar la mesa demo
      </Link>
    </main>
  )
}

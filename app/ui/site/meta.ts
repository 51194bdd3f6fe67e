import type { MetaArgs, MetaDescriptor } from '@remix-run/cloudflare'
import type { Language, Resources } from '~/locales'
import { makeT, type TranslationKey } from '~/locales/translate'

/**
 * Title, description and Open Graph tags of a public page, in the visitor's
 * language (the root loader's strings), so a shared link reads right.
 */
export function siteMeta({ matches, location }: MetaArgs, keys: { title: TranslationKey; description?: TranslationKey }): MetaDescriptor[] {
  const root = matches.find((match) => match.id === 'root')?.data as { language?: Language; strings?: Partial<Resources>; origin?: string } | undefined
  const t = makeT(root?.language ?? 'es', root?.strings ?? {})
  const title = t(keys.title)
  const description = t(keys.description ?? 'site.meta.description')
  // Link previews need absolute addresses.
  const origin = root?.origin ?? ''
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Mesa' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: `${origin}/preview/og.jpg` },
    { property: 'og:locale', content: root?.language === 'en' ? 'en_US' : 'es_MX' },
    { property: 'og:url', content: `${origin}${location.pathname}` },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
}

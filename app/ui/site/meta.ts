import type { MetaArgs, MetaDescriptor } from '@remix-run/cloudflare'
import type { TranslationKey } from '~/locales/translate'
import { metaT, rootDataOf } from '../page-title'

/**
 * Title, description and Open Graph tags of a public page, in the visitor's
 * language (the root loader's strings), so a shared link reads right.
 */
export function siteMeta(
  { matches, location }: MetaArgs,
  keys: { title: TranslationKey; description?: TranslationKey },
): MetaDescriptor[] {
  const root = rootDataOf(matches)
  const t = metaT(matches)
  const title = t(keys.title)
  const description = t(keys.description ?? 'site.meta.description')
  const language = root?.language === 'en' ? 'en' : 'es'
  // Link previews need absolute addresses.
  const origin = root?.origin ?? ''
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Mesa' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: `${origin}/preview/og.${language}.jpg` },
    { property: 'og:locale', content: language === 'en' ? 'en_US' : 'es_MX' },
    { property: 'og:url', content: `${origin}${location.pathname}` },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
}

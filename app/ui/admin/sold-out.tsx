import { Form, useNavigation } from '@remix-run/react'
import { buttonClass } from '../button'
import { StatusButton, useIsPending } from '../forms'
import { useI18n } from '../i18n'

/** "Agotado" beside an item's name, in words rather than colour alone. */
export function SoldOutBadge() {
  const { t } = useI18n()
  return (
    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
      {t('admin.menu.builder.soldOut')}
    </span>
  )
}

/** The kitchen's one-tap switch: takes an item off for now ("Agotado") or offers it again. */
export function SoldOutSwitch({
  item,
  className = '',
}: {
  item: { id: string; name: string; soldOut: boolean }
  className?: string
}) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const pending = useIsPending({ intent: 'item.availability' }) && navigation.formData?.get('id') === item.id
  const words = t(item.soldOut ? 'admin.menu.builder.offerAgain' : 'admin.menu.builder.markSoldOut')
  return (
    <Form method="post" preventScrollReset className={className}>
      <input type="hidden" name="intent" value="item.availability" />
      <input type="hidden" name="id" value={item.id} />
      {item.soldOut ? null : <input type="hidden" name="soldOut" value="on" />}
      <StatusButton
        pending={pending}
        className={`${buttonClass.secondary} px-3 whitespace-nowrap`}
        aria-label={`${words}: ${item.name}`}
        data-testid="sold-out-switch"
      >
        {words}
      </StatusButton>
    </Form>
  )
}

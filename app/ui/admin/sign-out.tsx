import { Form } from '@remix-run/react'
import { buttonClass } from '../button'
import { useI18n } from '../i18n'

/**
 * Leaving a staff screen: on the shared device the next person needs it
 * locked, not signed out; elsewhere, signing out. A form, not a link: a link
 * could be followed by a prefetch or another site's page, and both are writes.
 */
export function SignOutButton({ device }: { device: boolean }) {
  const { t } = useI18n()
  return device ? (
    <Form method="post" action="/admin/device">
      <button type="submit" name="intent" value="lock" className={buttonClass.secondary} data-testid="lock">
        {t('admin.team.devices.lock')}
      </button>
    </Form>
  ) : (
    <Form method="post" action="/api/logout" reloadDocument>
      <button type="submit" className={buttonClass.secondary} data-testid="logout">
        {t('admin.dashboard.logout')}
      </button>
    </Form>
  )
}

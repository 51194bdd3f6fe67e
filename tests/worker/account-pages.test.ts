import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { formRequest, mailedResetToken, mailsTo, ORIGIN, postForm } from './fixtures'
import { served } from './served'
import { call, PASSWORD, signedInOwner } from './staff'

describe('forgot and reset password pages', () => {
  it('says the same for a known and an unknown email, mails only the known one, and checks the address', async () => {
    const { account } = await signedInOwner()
    const nobody = `nobody-${crypto.randomUUID()}@example.com`
    for (const email of [account.ownerEmail, nobody]) {
      const page = await served(formRequest('/admin/forgot-password', { email }))
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(
        'Si existe una cuenta con este correo, recibirás instrucciones para restablecer tu contraseña.',
      )
    }
    expect(await mailsTo(account.ownerEmail)).toBe(1)
    expect(await mailsTo(nobody)).toBe(0)
    const bad = await postForm('/admin/forgot-password', { email: 'no-es-correo' })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Correo electrónico inválido')
  })

  it('sets a new password from the mailed link once; the link then says it is no longer valid', async () => {
    const { account } = await signedInOwner()
    const token = await mailedResetToken(() => postForm('/admin/forgot-password', { email: account.ownerEmail }))
    const path = `/admin/reset-password/${token}`
    // The outbox records the mail without the token: a leaked table resets nobody's password.
    const kept = await env.DB.prepare('SELECT body FROM mail_outbox WHERE to_address = ?')
      .bind(account.ownerEmail)
      .first<{ body: string }>()
    expect(kept?.body).toContain('/admin/reset-password/[oculto / hidden]')
    expect(kept?.body).not.toContain(token)
    expect(await (await SELF.fetch(`${ORIGIN}${path}`)).text()).toContain('Contraseña nueva')

    const short = await postForm(path, { password: 'corta' })
    expect(short.status).toBe(400)
    expect(await short.text()).toContain('La contraseña debe tener al menos 8 caracteres')

    const done = await postForm(path, { password: 'nueva-clave-2026' })
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/admin/login')
    expect(
      (await call('POST', '/api/auth/login', { email: account.ownerEmail, password: 'nueva-clave-2026' })).status,
    ).toBe(200)
    expect((await call('POST', '/api/auth/login', { email: account.ownerEmail, password: PASSWORD })).status).toBe(401)

    expect(await (await SELF.fetch(`${ORIGIN}${path}`)).text()).toContain('Este enlace ya no es válido')
    const again = await postForm(path, { password: 'otra-clave-2026' })
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('Este enlace ya no es válido')
  })

  it('an unknown or malformed token shows the invalid-link state', async () => {
    expect(await (await SELF.fetch(`${ORIGIN}/admin/reset-password/not-a-token`)).text()).toContain(
      'Este enlace ya no es válido',
    )
    expect(await (await SELF.fetch(`${ORIGIN}/admin/reset-password/${'a'.repeat(43)}`)).text()).toContain(
      'Este enlace ya no es válido',
    )
  })
})

describe('the staff forms without JavaScript', () => {
  it('a refused sign-in keeps the email typed, never the password, and says why under the field', async () => {
    const response = await postForm('/admin/login', { email: 'rosa@', password: 'secreta-123' })
    expect(response.status).toBe(400)
    const html = await response.text()
    const email = /<input[^>]*name="email"[^>]*>/.exec(html)?.[0] ?? ''
    expect(email).toContain('value="rosa@"')
    expect(email).toContain('aria-invalid="true"')
    const errorId = /aria-describedby="([^"]+)"/.exec(email)?.[1]
    expect(html).toContain(
      `<ul id="${errorId}" class="grid gap-1 text-sm font-medium text-red-800 dark:text-red-300"><li>Correo electrónico inválido</li></ul>`,
    )
    expect(html).not.toContain('secreta-123')
  })

  it('the sign-up wizard goes forward a step with what was typed, and back to the step with a problem', async () => {
    const restaurant = {
      restaurantName: 'Cantina Sin JS',
      restaurantType: 'bar',
      restaurantCuisine: 'mexican',
      restaurantAddress: 'Calle Morelos 12, Centro',
      restaurantPhone: '8112345678',
      restaurantEmail: 'cantina@example.com',
    }
    const next = await postForm('/admin/signup', { step: '0', intent: 'next', ...restaurant })
    expect(next.status).toBe(200)
    const second = await next.text()
    expect(second).toContain('Paso 2 de 3')
    expect(second).toContain('<input type="hidden" name="restaurantName" value="Cantina Sin JS"/>')
    const refused = await postForm('/admin/signup', {
      step: '2',
      intent: 'submit',
      ...restaurant,
      restaurantPhone: '12',
      ownerName: 'Rosa',
      ownerEmail: 'rosa@example.com',
      password: 'cantina-2026',
      acceptTerms: 'on',
    })
    expect(refused.status).toBe(400)
    const first = await refused.text()
    expect(first).toContain('Paso 1 de 3')
    expect(first).toContain('Ingresa un teléfono válido (al menos 10 dígitos)')
    expect(/<input[^>]*name="restaurantPhone"[^>]*>/.exec(first)?.[0]).toContain('value="12"')
  })
})

import type { Page } from 'playwright-core'
import { BASE_URL } from './browser'

/** Every screen of the product, with a restaurant, a menu and a part-paid bill behind them; the sweeps visit them all. */
export interface Screens {
  /** The diner's screens, the public site and the account screens: no sign-in needed. */
  public: string[]
  /** The staff screens, for the signed-in owner. */
  staff: string[]
}

/**
 * Builds, through the API the staff screens use, what every screen needs
 * (a table with a part-paid bill, a menu with a modifier) for the owner
 * signed in on `staff`, and names the screens.
 */
export async function everyScreen(staff: Page): Promise<Screens> {
  const headers = { Origin: BASE_URL }
  const post = async <T>(path: string, data: unknown) =>
    (await (await staff.request.post(path, { headers, data })).json()) as T
  const table = await post<{ id: string; sessionId: string }>('/api/tables', {
    tableNumber: '2',
    tableName: 'Ventana',
    capacity: 4,
  })
  const menu = await post<{ id: string }>('/api/menus', { name: 'Carta', type: 'lunch' })
  const category = await post<{ id: string }>('/api/categories', { name: 'Tacos', menuId: menu.id })
  const item = await post<{ id: string }>('/api/menu-items', {
    name: 'Taco al pastor',
    price: 3250,
    categoryId: category.id,
  })
  const group = await post<{ id: string }>('/api/modifier-groups', {
    name: 'Salsa',
    required: true,
    menuItemId: item.id,
  })
  await post('/api/modifier-options', { name: 'Verde', isDefault: true, modifierGroupId: group.id })
  await post('/api/items', {
    tableId: table.id,
    items: [
      { name: 'Taco al pastor', price: 65, quantity: 2, customerName: 'Ana' },
      { name: 'Agua', price: 35, customerName: 'Luis' },
    ],
  })
  // Luis pays his water: the bill shows a paid line, and the confirmation a payment.
  const bill = (await (await staff.request.get(`/api/tables/session/${table.sessionId}`)).json()) as {
    items: { id: string; name: string }[]
  }
  const water = bill.items.find((line) => line.name === 'Agua')
  const tacos = bill.items.find((line) => line.name === 'Taco al pastor')
  const transactionId = `screens-${table.id}`
  const paid = await staff.request.post('/api/payments', {
    headers,
    data: {
      tableId: table.id,
      amount: 35,
      tipAmount: 0,
      paymentMethod: 'card',
      paymentType: 'item',
      itemIds: [water?.id],
      customerName: 'Luis',
      transactionId,
    },
  })
  if (paid.status() !== 201) throw new Error(`The screens' payment was refused: ${paid.status()} ${await paid.text()}`)
  // A pending invitation, so the team page shows its list too.
  await staff.request.post('/admin/dashboard/team', {
    headers,
    form: { intent: 'invite', email: `screens-${table.id}@example.com`, role: 'waiter' },
    maxRedirects: 0,
  })
  const sid = table.sessionId
  return {
    public: [
      `/customer/table/${sid}`,
      `/customer/table/${sid}?sheet=pay`,
      `/customer/pay-items/${sid}`,
      `/customer/split-equal/${sid}`,
      `/customer/tip/${sid}?items=${tacos?.id}:1`,
      `/customer/tip/${sid}?split=true&partySize=1&tableSize=3`,
      `/customer/tip/${sid}?full=true`,
      `/customer/payment-method/${sid}?full=true&tipPercentage=15`,
      `/customer/payment-confirmation/${sid}?tx=${transactionId}`,
      `/customer/menu/${sid}`,
      `/customer/menu/${sid}?item=${item.id}`,
      `/customer/cart/${sid}`,
      `/customer/table/${sid}?sheet=call`,
      '/customer/table/no-such-table',
      '/customer',
      '/customer?code=ZZZZ-ZZZZ',
      '/',
      '/?dialog=waitlist',
      '/?dialog=demo',
      '/privacy?dialog=contact',
      '/terms',
      '/no-such-page',
      '/admin/login',
      '/admin/signup',
      '/admin/forgot-password',
      '/admin/reset-password/no-such-token',
      '/admin/join/no-such-token',
    ],
    staff: [
      '/admin/dashboard',
      `/admin/dashboard?qr=${table.id}`,
      '/admin/dashboard/menus',
      '/admin/dashboard/analytics',
      '/admin/dashboard/settings?dialog=settings',
      '/admin/dashboard/team',
      `/admin/tables/${table.id}`,
      `/admin/tables/${table.id}?close=1`,
      `/admin/tables/${table.id}/order`,
      '/admin/cash-out',
      '/admin/kitchen',
      '/admin/alerts',
      '/admin/notifications',
      `/admin/menu-builder/${menu.id}`,
      `/admin/menu-builder/${menu.id}?tab=items&dialog=item`,
      `/admin/menu-builder/${menu.id}?tab=modifiers`,
      `/admin/menu-builder/${menu.id}?edit=item:${item.id}`,
    ],
  }
}

/** A screen's address with `?lng=` (or `&lng=`) added. */
export const inLanguage = (screen: string, language: string) =>
  `${screen}${screen.includes('?') ? '&' : '?'}lng=${language}`

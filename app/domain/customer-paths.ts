/** URLs of the diner's screens, in one place so links and redirects cannot drift apart. */
export const customerPath = {
  bill: (sessionId: string, search = '') => `/customer/table/${sessionId}${search}`,
  menu: (sessionId: string) => `/customer/menu/${sessionId}`,
  cart: (sessionId: string) => `/customer/cart/${sessionId}`,
  payItems: (sessionId: string) => `/customer/pay-items/${sessionId}`,
  split: (sessionId: string) => `/customer/split-equal/${sessionId}`,
  tip: (sessionId: string, params: URLSearchParams) => `/customer/tip/${sessionId}?${params}`,
  method: (sessionId: string, params: URLSearchParams) => `/customer/payment-method/${sessionId}?${params}`,
  confirmation: (sessionId: string, transactionId?: string) =>
    `/customer/payment-confirmation/${sessionId}${transactionId ? `?tx=${encodeURIComponent(transactionId)}` : ''}`,
}

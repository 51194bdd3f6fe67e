/** The public demo table's code: printed on the landing page, shared by every visitor. */
export const DEMO_SESSION_ID = 'demo7'

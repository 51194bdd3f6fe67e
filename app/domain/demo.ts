/** The public demo table's code: printed on the landing page, shared by every visitor. */
export const DEMO_SESSION_ID = 'demo7'

/** The demo table's short code (canonical; printed `MESA-DEM7`), fixed so the docs can name it. */
export const DEMO_TABLE_CODE = 'MESADEM7'

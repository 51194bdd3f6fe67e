/**
 * The seeded demo restaurant (scripts/seed.ts writes it; the TableSession
 * object restores the demo bill). Fixed ids keep the seed idempotent.
 */
export const DEMO_OWNER_ID = '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0001'
export const DEMO_TABLE_ID = '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0007'
export { DEMO_SESSION_ID, DEMO_TABLE_CODE } from '~/domain/demo'
export const DEMO_OWNER_EMAIL = 'demo@mesa.mx'
export const DEMO_OWNER_PASSWORD = 'mesa-demo-2026'

/** The public demo bill starts over when it is older than this... */
export const DEMO_MAX_AGE_MS = 3 * 60 * 60 * 1000
/** ...or this long after it was fully paid (the payer still sees their confirmation first). */
export const DEMO_PAID_GRACE_MS = 2 * 60 * 1000

export const demoRestaurant = {
  ownerName: 'Mariana Treviño',
  restaurantName: 'Cantina La Mesa',
  restaurantType: 'casual',
  restaurantCuisine: 'mexican',
  restaurantAddress: 'Av. Constitución 1200, Centro, Monterrey, N.L.',
  restaurantPhone: '8112345678',
  restaurantEmail: 'hola@cantinalamesa.mx',
}

export const demoTable = { tableNumber: '7', tableName: 'Terraza', capacity: 6 }

interface DemoMenuItem {
  id: string
  name: string
  description: string
  priceCents: number
}

export const demoMenu = {
  id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0100',
  name: 'Menú principal',
  description: 'Cocina regiomontana para compartir',
  type: 'regular' as const,
  categories: [
    {
      id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0110',
      name: 'Entradas',
      items: [
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0111',
          name: 'Guacamole con totopos',
          description: 'Aguacate, chile serrano, cebolla y cilantro',
          priceCents: 13500,
        },
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0112',
          name: 'Queso fundido',
          description: 'Con chorizo y tortillas de harina',
          priceCents: 14900,
        },
      ],
    },
    {
      id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0120',
      name: 'Platos fuertes',
      items: [
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0121',
          name: 'Tacos al pastor',
          description: 'Orden de 3, con piña y salsa verde',
          priceCents: 5500,
        },
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0122',
          name: 'Enchiladas suizas',
          description: 'Pollo, salsa verde y gratinado',
          priceCents: 17500,
        },
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0123',
          name: 'Cabrito al pastor',
          description: 'Con frijoles charros y tortillas',
          priceCents: 38500,
        },
      ],
    },
    {
      id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0130',
      name: 'Bebidas',
      items: [
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0131',
          name: 'Agua de horchata',
          description: 'Vaso de 500 ml',
          priceCents: 4500,
        },
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0132',
          name: 'Cerveza artesanal',
          description: 'Botella de 355 ml, hecha en Monterrey',
          priceCents: 6000,
        },
      ],
    },
    {
      id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0140',
      name: 'Postres',
      items: [
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0141',
          name: 'Flan napolitano',
          description: 'Con cajeta',
          priceCents: 6500,
        },
      ],
    },
  ] satisfies { id: string; name: string; items: DemoMenuItem[] }[],
}

/** Options of the demo's tacos, so the diner's menu shows modifiers (prices in cents). */
export const demoModifierGroups = [
  {
    id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0201',
    menuItemId: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0121',
    name: 'Salsa',
    required: true,
    multipleSelect: false,
    options: [
      { id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0211', name: 'Verde', priceAdjustmentCents: 0, isDefault: true },
      { id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0212', name: 'Roja', priceAdjustmentCents: 0, isDefault: false },
      { id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0213', name: 'Habanero', priceAdjustmentCents: 500, isDefault: false },
    ],
  },
  {
    id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0202',
    menuItemId: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0121',
    name: 'Extras',
    required: false,
    multipleSelect: true,
    options: [
      { id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0221', name: 'Queso', priceAdjustmentCents: 1200, isDefault: false },
      { id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0222', name: 'Aguacate', priceAdjustmentCents: 1500, isDefault: false },
    ],
  },
]

/** The lines the demo bill starts with (line totals in cents). */
export const demoBillLines = [
  {
    name: 'Tacos al pastor',
    description: 'Orden de 3, con piña y salsa verde',
    category: 'Platos fuertes',
    priceCents: 16500,
    quantity: 3,
    customerName: 'Ana',
  },
  {
    name: 'Agua de horchata',
    description: 'Vaso de 500 ml',
    category: 'Bebidas',
    priceCents: 4500,
    quantity: 1,
    customerName: 'Ana',
  },
  {
    name: 'Enchiladas suizas',
    description: 'Pollo, salsa verde y gratinado',
    category: 'Platos fuertes',
    priceCents: 17500,
    quantity: 1,
    customerName: 'Luis',
  },
  {
    name: 'Cerveza artesanal',
    description: 'Botella de 355 ml, hecha en Monterrey',
    category: 'Bebidas',
    priceCents: 12000,
    quantity: 2,
    customerName: 'Luis',
  },
  {
    name: 'Guacamole con totopos',
    description: 'Aguacate, chile serrano, cebolla y cilantro',
    category: 'Entradas',
    priceCents: 13500,
    quantity: 1,
    customerName: null,
  },
]

/** The three sample diners the demo panel adds; line totals in cents, like the seed bill. */
export const demoDiners = [
  {
    customerName: 'Carla',
    items: [
      { name: 'Cabrito al pastor', priceCents: 38500, quantity: 1, category: 'Platos fuertes' },
      { name: 'Cerveza artesanal', priceCents: 6000, quantity: 1, category: 'Bebidas' },
    ],
  },
  {
    customerName: 'Diego',
    items: [
      { name: 'Queso fundido', priceCents: 14900, quantity: 1, category: 'Entradas' },
      { name: 'Agua de horchata', priceCents: 9000, quantity: 2, category: 'Bebidas' },
    ],
  },
  {
    customerName: 'Sofía',
    items: [
      { name: 'Enchiladas suizas', priceCents: 17500, quantity: 1, category: 'Platos fuertes' },
      { name: 'Flan napolitano', priceCents: 6500, quantity: 1, category: 'Postres' },
    ],
  },
]

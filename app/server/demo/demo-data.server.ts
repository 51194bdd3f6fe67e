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
  nameEn: string
  descriptionEn: string
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
      nameEn: 'Starters',
      items: [
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0111',
          name: 'Guacamole con totopos',
          description: 'Aguacate, chile serrano, cebolla y cilantro',
          nameEn: 'Guacamole with tortilla chips',
          descriptionEn: 'Avocado, serrano chile, onion and cilantro',
          priceCents: 13500,
        },
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0112',
          name: 'Queso fundido',
          description: 'Con chorizo y tortillas de harina',
          nameEn: 'Melted cheese',
          descriptionEn: 'With chorizo and flour tortillas',
          priceCents: 14900,
        },
      ],
    },
    {
      id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0120',
      name: 'Platos fuertes',
      nameEn: 'Mains',
      items: [
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0121',
          name: 'Tacos al pastor',
          description: 'Orden de tres tacos, con piña y salsa verde',
          nameEn: 'Al pastor tacos',
          descriptionEn: 'Three tacos to an order, with pineapple and green salsa',
          priceCents: 5500,
        },
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0122',
          name: 'Enchiladas suizas',
          description: 'Pollo, salsa verde y gratinado',
          nameEn: 'Swiss enchiladas',
          descriptionEn: 'Chicken, green salsa, baked with cheese',
          priceCents: 17500,
        },
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0123',
          name: 'Cabrito al pastor',
          description: 'Con frijoles charros y tortillas',
          nameEn: 'Roast kid goat',
          descriptionEn: 'With charro beans and tortillas',
          priceCents: 38500,
        },
      ],
    },
    {
      id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0130',
      name: 'Bebidas',
      nameEn: 'Drinks',
      items: [
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0131',
          name: 'Agua de horchata',
          description: 'Vaso de 500 ml',
          nameEn: 'Horchata',
          descriptionEn: 'A 500 ml glass',
          priceCents: 4500,
        },
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0132',
          name: 'Cerveza artesanal',
          description: 'Botella de 355 ml, hecha en Monterrey',
          nameEn: 'Craft beer',
          descriptionEn: '355 ml bottle, brewed in Monterrey',
          priceCents: 6000,
        },
      ],
    },
    {
      id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0140',
      name: 'Postres',
      nameEn: 'Desserts',
      items: [
        {
          id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0141',
          name: 'Flan napolitano',
          description: 'Con cajeta',
          nameEn: 'Flan',
          descriptionEn: 'With cajeta',
          priceCents: 6500,
        },
      ],
    },
  ] satisfies { id: string; name: string; nameEn: string; items: DemoMenuItem[] }[],
}

/** The demo's modifier groups, each written once and offered on the dishes listed (prices in cents). */
export const demoModifierGroups = [
  {
    id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0201',
    menuItemIds: ['7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0121', '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0123'],
    name: 'Salsa',
    nameEn: 'Salsa',
    required: true,
    multipleSelect: false,
    options: [
      {
        id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0211',
        name: 'Verde',
        nameEn: 'Green',
        priceAdjustmentCents: 0,
        isDefault: true,
      },
      {
        id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0212',
        name: 'Roja',
        nameEn: 'Red',
        priceAdjustmentCents: 0,
        isDefault: false,
      },
      {
        id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0213',
        name: 'Habanero',
        nameEn: 'Habanero (very hot)',
        priceAdjustmentCents: 500,
        isDefault: false,
      },
    ],
  },
  {
    id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0202',
    menuItemIds: ['7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0121'],
    name: 'Extras',
    nameEn: 'Extras',
    required: false,
    multipleSelect: true,
    options: [
      {
        id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0221',
        name: 'Queso',
        nameEn: 'Cheese',
        priceAdjustmentCents: 1200,
        isDefault: false,
      },
      {
        id: '7b0c4a8e-2f1d-4c6b-9a51-3e8d7f2a0222',
        name: 'Aguacate',
        nameEn: 'Avocado',
        priceAdjustmentCents: 1500,
        isDefault: false,
      },
    ],
  },
]

/** A demo line: `quantity` of the menu's dish `name`, priced and described as the menu has it (line totals in cents). */
function dishLine(name: string, quantity: number) {
  const category = demoMenu.categories.find((each) => each.items.some((item) => item.name === name))!
  const dish = category.items.find((item) => item.name === name)!
  return {
    name,
    description: dish.description,
    nameEn: dish.nameEn,
    descriptionEn: dish.descriptionEn,
    category: category.name,
    priceCents: dish.priceCents * quantity,
    quantity,
  }
}

/** The lines the demo bill starts with. */
export const demoBillLines = [
  { ...dishLine('Tacos al pastor', 3), customerName: 'Ana' },
  { ...dishLine('Agua de horchata', 1), customerName: 'Ana' },
  { ...dishLine('Enchiladas suizas', 1), customerName: 'Luis' },
  { ...dishLine('Cerveza artesanal', 2), customerName: 'Luis' },
  { ...dishLine('Guacamole con totopos', 1), customerName: null },
]

/** The three sample diners the demo panel adds, like the seed bill's lines. */
export const demoDiners = [
  { customerName: 'Carla', items: [dishLine('Cabrito al pastor', 1), dishLine('Cerveza artesanal', 1)] },
  { customerName: 'Diego', items: [dishLine('Queso fundido', 1), dishLine('Agua de horchata', 2)] },
  { customerName: 'Sofía', items: [dishLine('Enchiladas suizas', 1), dishLine('Flan napolitano', 1)] },
]

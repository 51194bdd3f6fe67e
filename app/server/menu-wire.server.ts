import type { CategoryWithItems, ModifierGroupView, OwnMenu } from './menus.server'

/*
 * JSON shapes of the menu API (docs/api.md, Menus). Menu-side prices travel
 * as integer cents (`price`, `priceAdjustment`); screens show pesos.
 */

export const menuPdfPath = (menuId: string) => `/api/menus/${menuId}/pdf`

export function toWireMenu(menu: OwnMenu) {
  return { id: menu.id, name: menu.name, description: menu.description, type: menu.type, pdfUrl: menu.pdfKey ? menuPdfPath(menu.id) : null, pdfName: menu.pdfName }
}

export function toWireMenuItem(item: { id: string; name: string; description: string | null; priceCents: number; categoryId: string; soldOut: boolean }, category?: string) {
  return { id: item.id, name: item.name, description: item.description, price: item.priceCents, categoryId: item.categoryId, soldOut: item.soldOut, ...(category === undefined ? {} : { category }) }
}

export function toWireCategory(category: CategoryWithItems) {
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    menuId: category.menuId,
    menuItems: category.menuItems.map((item) => toWireMenuItem(item, category.name)),
  }
}

export function toWireModifierOption(option: ModifierGroupView['options'][number]) {
  return { id: option.id, name: option.name, description: option.description, priceAdjustment: option.priceAdjustmentCents, isDefault: option.isDefault, modifierGroupId: option.modifierGroupId }
}

export function toWireModifierGroup(group: ModifierGroupView) {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    required: group.required,
    multipleSelect: group.multipleSelect,
    menuItemId: group.menuItemId,
    options: group.options.map(toWireModifierOption),
  }
}

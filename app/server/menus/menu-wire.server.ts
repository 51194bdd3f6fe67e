import { photoPath } from '~/domain/menu-photos'
import type { ItemExtras, StoredPhoto } from './menu-items.server'
import type { CategoryWithItems, OwnMenu } from './menu-store.server'
import type { ModifierOptionView, OfferedGroup } from './modifier-groups.server'

/*
 * JSON shapes of the menu API (docs/api.md, Menus). Menu-side prices travel
 * as integer cents (`price`, `priceAdjustment`); screens show pesos.
 */

export const menuPdfPath = (menuId: string) => `/api/menus/${menuId}/pdf`

export function toWireMenu(menu: OwnMenu) {
  return {
    id: menu.id,
    name: menu.name,
    description: menu.description,
    type: menu.type,
    pdfUrl: menu.pdfKey ? menuPdfPath(menu.id) : null,
    pdfName: menu.pdfName,
  }
}

/** A photo's kept sizes, smallest first, each with the address it is served at. */
function toWirePhoto(photo: StoredPhoto | null) {
  return photo
    ? {
        sizes: photo.sizes.map((size) => ({
          url: photoPath(photo.id, size.width),
          width: size.width,
          height: size.height,
        })),
      }
    : null
}

export function toWireMenuItem(
  item: {
    id: string
    name: string
    description: string | null
    priceCents: number
    categoryId: string
    soldOut: boolean
  } & ItemExtras,
  category?: string,
) {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    nameEn: item.nameEn,
    descriptionEn: item.descriptionEn,
    price: item.priceCents,
    categoryId: item.categoryId,
    tags: item.tags,
    soldOut: item.soldOut,
    photo: toWirePhoto(item.photo),
    ...(category === undefined ? {} : { category }),
  }
}

export function toWireCategory(category: CategoryWithItems) {
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    nameEn: category.nameEn,
    descriptionEn: category.descriptionEn,
    menuId: category.menuId,
    menuItems: category.menuItems.map((item) => toWireMenuItem(item, category.name)),
  }
}

export function toWireModifierOption(option: ModifierOptionView) {
  return {
    id: option.id,
    name: option.name,
    nameEn: option.nameEn,
    description: option.description,
    priceAdjustment: option.priceAdjustmentCents,
    isDefault: option.isDefault,
    soldOut: option.soldOut,
    modifierGroupId: option.modifierGroupId,
  }
}

export function toWireModifierGroup(group: OfferedGroup) {
  return {
    id: group.id,
    name: group.name,
    nameEn: group.nameEn,
    description: group.description,
    required: group.required,
    multipleSelect: group.multipleSelect,
    menuItemId: group.menuItemId,
    options: group.options.map(toWireModifierOption),
  }
}

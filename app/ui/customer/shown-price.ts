import { chargeFor, type TaxSettings } from '~/domain/tax'
import { useI18n } from '~/ui/i18n'

/** What showing a price needs of the restaurant's tax settings. */
export type TaxSettingsOf = Pick<TaxSettings, 'taxRateBps' | 'taxIncludedInPrice'>

/**
 * Amounts of a bill or a menu as a diner reads them: with their IVA,
 * whatever the restaurant's prices leave out, as the consumer law asks of
 * every price shown (Profeco: the total price); what a payment of the
 * amount is charged (chargeFor). The IVA is shown apart only as a
 * breakdown of a total.
 */
export function useShownPrice(tax: TaxSettingsOf) {
  const { money } = useI18n()
  return (cents: number) => money(chargeFor(cents, tax))
}

/**
 * Which payments Mesa may put on a fiscal document. A CFDI declares income:
 * only money that moved may reach one. A payment the simulated provider
 * approved moved none (the public demo table, the labelled demo a restaurant
 * runs until Stripe lets its account charge), except where that provider
 * stands in for every card (`simulatedStandsIn`: a local run or a test with
 * no card provider at all), whose payments are stamped against the
 * Facturapi stand-in as real ones would be.
 */
export function movedMoney(payment: { provider: string }, simulatedStandsIn: boolean): boolean {
  return payment.provider !== 'simulated' || simulatedStandsIn
}

import { createContext, useContext } from 'react'

/**
 * This response's CSP nonce, given on the server render only: browsers hide
 * a nonce from scripts, so on the phone it is empty and never needed again.
 */
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)

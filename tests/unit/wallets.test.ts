import { describe, expect, it } from 'vitest'
import { isAppleDevice, methodChoice, offerWithoutStripe } from '~/domain/wallets'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const IPAD_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

describe('which methods the payment step lists, and which it starts with', () => {
  it('lists the one wallet the device offers before the card, and chooses it', () => {
    expect(methodChoice({ applePay: true, googlePay: false }, true)).toEqual({
      methods: ['apple', 'card'],
      preselected: 'apple',
    })
    expect(methodChoice({ applePay: false, googlePay: true }, false)).toEqual({
      methods: ['google', 'card'],
      preselected: 'google',
    })
    // What Stripe offers decides, whatever the device: Google Pay in Chrome on a Mac.
    expect(methodChoice({ applePay: false, googlePay: true }, true)).toEqual({
      methods: ['google', 'card'],
      preselected: 'google',
    })
  })

  it('with both, puts the device’s own first and chooses it', () => {
    expect(methodChoice({ applePay: true, googlePay: true }, true)).toEqual({
      methods: ['apple', 'google', 'card'],
      preselected: 'apple',
    })
    expect(methodChoice({ applePay: true, googlePay: true }, false)).toEqual({
      methods: ['google', 'apple', 'card'],
      preselected: 'google',
    })
  })

  it('with no wallet, lists and chooses the card alone', () => {
    const cardOnly = { methods: ['card'], preselected: 'card' }
    // Stripe reports undefined when it shows no button, or every wallet false.
    expect(methodChoice(undefined, true)).toEqual(cardOnly)
    expect(methodChoice({ applePay: false, googlePay: false }, false)).toEqual(cardOnly)
    expect(methodChoice({}, false)).toEqual(cardOnly)
  })

  it('tells Apple’s devices by their browsers’ names, the iPad’s Safari calling itself a Mac', () => {
    expect(isAppleDevice(IPHONE_SAFARI)).toBe(true)
    expect(isAppleDevice(IPAD_SAFARI)).toBe(true)
    expect(isAppleDevice(ANDROID_CHROME)).toBe(false)
    expect(isAppleDevice(WINDOWS_CHROME)).toBe(false)
  })

  it('without Stripe, offers Apple Pay where Safari says it can pay and Google Pay on Android', () => {
    expect(methodChoice(offerWithoutStripe(IPHONE_SAFARI, true), true).preselected).toBe('apple')
    expect(methodChoice(offerWithoutStripe(IPHONE_SAFARI, false), true).preselected).toBe('card')
    expect(methodChoice(offerWithoutStripe(ANDROID_CHROME, false), false)).toEqual({
      methods: ['google', 'card'],
      preselected: 'google',
    })
    expect(methodChoice(offerWithoutStripe(WINDOWS_CHROME, false), false).methods).toEqual(['card'])
  })
})

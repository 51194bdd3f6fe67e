import { describe, expect, it } from 'vitest'
import { areaOf } from '~/ui/site/area'

describe('areaOf', () => {
  it('tells the diner’s screens, the staff pages and the public site apart', () => {
    for (const path of ['/customer', '/customer/abc', '/customer/table/abc', '/customer/tip/abc', '/table/demo7'])
      expect(areaOf(path), path).toBe('diner')
    for (const path of ['/admin', '/admin/login', '/admin/nope']) expect(areaOf(path), path).toBe('admin')
    // A mistyped diner address is the site's 404 page.
    for (const path of ['/', '/privacy', '/customer/table/abc/extra', '/customer/nope/abc', '/whatever'])
      expect(areaOf(path), path).toBe('site')
  })
})

import { useCallback, useEffect, useState } from 'react'

/** An on/off choice kept on this device (a kitchen tablet's sound), `fallback` until it is read or if never made. */
export function useDeviceSetting(name: string, fallback: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(fallback)
  useEffect(() => {
    const stored = localStorage.getItem(name)
    if (stored !== null) setValue(stored === 'on')
  }, [name])
  const set = useCallback(
    (next: boolean) => {
      localStorage.setItem(name, next ? 'on' : 'off')
      setValue(next)
    },
    [name],
  )
  return [value, set]
}

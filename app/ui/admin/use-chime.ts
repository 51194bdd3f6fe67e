import { useCallback, useEffect, useRef, useState } from 'react'

const STORED = 'mesa.kitchen.sound'

/** Whether the chime sounds: on, off by choice, or waiting for a tap (browsers play sound only after one). */
export type ChimeState = 'on' | 'off' | 'blocked'

/**
 * A short two-tone chime each time an id not seen before appears among
 * `ids` (a new ticket), on the Web Audio API: no sound file to download.
 * The choice to keep it off is remembered on the device. `played` counts
 * the chimes, for the screen to say so.
 */
export function useChime(ids: readonly string[]) {
  const [state, setState] = useState<ChimeState>('on')
  const [played, setPlayed] = useState(0)
  const audio = useRef<AudioContext | null>(null)
  const seen = useRef<Set<string> | null>(null)

  useEffect(() => {
    if (localStorage.getItem(STORED) === 'off') return setState('off')
    audio.current = new AudioContext()
    if (audio.current.state === 'suspended') setState('blocked')
  }, [])

  // The ids as one string: a new array of the same ids is no change.
  const key = ids.join(' ')
  useEffect(() => {
    const now = key ? key.split(' ') : []
    const known = seen.current
    seen.current = new Set(now)
    if (!known || !now.some((id) => !known.has(id))) return
    if (state !== 'on' || !audio.current) return
    chime(audio.current)
    setPlayed((count) => count + 1)
  }, [key, state])

  /** A tap: turns the sound on (and lets the browser play it), or off. */
  const toggle = useCallback(() => {
    if (state === 'on') {
      localStorage.setItem(STORED, 'off')
      return setState('off')
    }
    localStorage.removeItem(STORED)
    audio.current ??= new AudioContext()
    void audio.current.resume().then(() => setState('on'))
  }, [state])

  return { state, played, toggle }
}

function chime(audio: AudioContext) {
  const start = audio.currentTime
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const tone = audio.createOscillator()
    const volume = audio.createGain()
    tone.frequency.value = frequency
    volume.gain.setValueAtTime(0.001, start + offset)
    volume.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02)
    volume.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.3)
    tone.connect(volume).connect(audio.destination)
    tone.start(start + offset)
    tone.stop(start + offset + 0.32)
  }
}

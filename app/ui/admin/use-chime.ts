import { useEffect, useRef, useState } from 'react'

/**
 * A short two-tone chime each time an id not seen before appears among
 * `ids` (a new ticket, a new alert), while `wanted`; on the Web Audio API,
 * with no sound file to download. Browsers play sound only once the page
 * has been tapped: until then `blocked` says so, and the first tap
 * anywhere lets it play. `played` counts the chimes.
 */
export function useChime(ids: readonly string[], wanted: boolean) {
  const [blocked, setBlocked] = useState(false)
  const [played, setPlayed] = useState(0)
  const audio = useRef<AudioContext | null>(null)
  const seen = useRef<Set<string> | null>(null)

  useEffect(() => {
    if (!wanted) return
    const context = (audio.current ??= new AudioContext())
    if (context.state === 'running') return setBlocked(false)
    setBlocked(true)
    const unblock = () => void context.resume().then(() => setBlocked(false))
    document.addEventListener('pointerdown', unblock, { once: true })
    return () => document.removeEventListener('pointerdown', unblock)
  }, [wanted])

  // The ids as one string: a new array of the same ids is no change.
  const key = ids.join(' ')
  useEffect(() => {
    const now = key ? key.split(' ') : []
    const known = seen.current
    seen.current = new Set(now)
    if (!known || !now.some((id) => !known.has(id))) return
    if (!wanted || audio.current?.state !== 'running') return
    chime(audio.current)
    setPlayed((count) => count + 1)
  }, [key, wanted])

  return { blocked, played }
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

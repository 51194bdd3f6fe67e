import { photoImage, type PhotoSize } from '~/domain/menu-photos'

/**
 * A dish photo as a plain server-drawn `<img>`: the kept WebP sizes in
 * `srcSet`, and the width and height of the one in `src`, so the browser
 * keeps the photo's space before it arrives and nothing below it moves.
 * `displayWidth` is the CSS width it is shown at; `sizes` tells the browser
 * so before the stylesheet does.
 */
export function DishPhoto({
  photo,
  alt,
  displayWidth,
  sizes,
  lazy,
  className,
}: {
  photo: { id: string; sizes: readonly PhotoSize[] }
  alt: string
  displayWidth: number
  sizes: string
  lazy: boolean
  className: string
}) {
  const image = photoImage(photo, displayWidth)
  if (!image) return null
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      className={className}
      data-testid="dish-photo"
    />
  )
}

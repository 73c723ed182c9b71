export function PromoVideo() {
  return (
    <section aria-labelledby="promo-heading" className="mx-auto max-w-5xl px-4 py-16">
      <h2 id="promo-heading" className="mb-2 text-center text-3xl font-bold tracking-tight sm:text-4xl">
        See our tools at work
      </h2>
      <p className="mb-8 text-center text-base-content/75">
        A short look at the compressors and power tools in our range.
      </p>
      <video
        className="aspect-video w-full rounded-box bg-neutral shadow-lg"
        controls
        muted
        playsInline
        preload="none"
        poster="/video/promo-poster.webp"
        width={640}
        height={360}
        aria-describedby="promo-description"
      >
        <source src="/video/promo.webm" type="video/webm" />
        <source src="/video/promo.mp4" type="video/mp4" />
      </video>
      <p id="promo-description" className="mt-3 text-center text-sm text-base-content/75">
        Silent promotional clip (no narration): illustrated compressors and power tools from the catalogue.
      </p>
    </section>
  );
}

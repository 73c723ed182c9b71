import { iconPaths, StrokeIcon } from '@/components/ui/stroke-icon';
import { smoothScrollTo } from '@/lib/smooth-scroll';

export function Hero({ targetId }: { targetId: string }) {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-br from-neutral to-primary text-neutral-content"
    >
      <div aria-hidden="true" className="absolute -right-24 -top-24 size-96 rounded-full bg-white/5" />
      <div aria-hidden="true" className="absolute -bottom-32 left-1/3 size-80 rounded-full bg-white/5" />
      <div className="relative mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-20 sm:py-28">
        <p className="badge badge-outline border-white/40 text-white">
          Industrial tools · Air compressors · Bulk orders
        </p>
        <h1
          id="hero-heading"
          className="max-w-3xl text-4xl font-extrabold leading-tight tracking-tight sm:text-6xl"
        >
          Power tools and compressors built for the job site
        </h1>
        <p className="max-w-2xl text-lg text-white/90">
          From oil-free shop compressors to brushless impact wrenches: order in the quantities your crew
          needs, pay by card and follow every order until it is delivered.
        </p>
        <button
          type="button"
          className="btn btn-lg bg-white text-primary hover:bg-white/90"
          onClick={() => {
            const target = document.getElementById(targetId);
            if (target) void smoothScrollTo(target);
          }}
        >
          Explore our tools
          <StrokeIcon d={iconPaths.arrowDown} className="size-5" />
        </button>
      </div>
    </section>
  );
}

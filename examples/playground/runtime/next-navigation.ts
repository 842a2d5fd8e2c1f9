/** The stand-in's router: one object, as Next.js's is, and none of its calls navigates. */
const ROUTER = Object.freeze({
  push(_href: string) {},
  replace(_href: string) {},
  back() {},
  forward() {},
  refresh() {},
  prefetch(_href: string) {},
});

/** Stand-in for `next/navigation`: a router that does not navigate (the editor stays on its page). */
export function useRouter() {
  return ROUTER;
}

export function usePathname(): string {
  return '/';
}

export function useSearchParams(): URLSearchParams {
  return new URLSearchParams();
}

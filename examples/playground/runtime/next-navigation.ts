/** Stand-in for `next/navigation`: a router that does not navigate (the editor stays on its page). */
export function useRouter() {
  const stay = () => {};
  return { push: stay, replace: stay, back: stay, forward: stay, refresh: stay, prefetch: stay };
}

export function usePathname(): string {
  return '/';
}

export function useSearchParams(): URLSearchParams {
  return new URLSearchParams();
}

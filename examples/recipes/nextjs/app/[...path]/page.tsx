import Link from 'next/link';

/**
 * Every other path: a stand-in for the site's own pages, where a link inside a component leads
 * in interactive mode (hero1's and cta1's `/docs/getting-started`).
 */
export default async function SitePage({ params }: { readonly params: Promise<{ readonly path: string[] }> }) {
  const { path } = await params;
  return (
    <main>
      <h1>Site page</h1>
      <p data-testid="site-path">/{path.join('/')}</p>
      <Link href="/editor">Back to the editor</Link>
    </main>
  );
}

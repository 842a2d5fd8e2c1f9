import Link from 'next/link';

/** The site's home: the editor is at /editor. */
export default function Home() {
  return (
    <main>
      <h1>Site</h1>
      <Link href="/editor">Open the editor</Link>
    </main>
  );
}

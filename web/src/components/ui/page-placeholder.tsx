// A signed-in page whose screen is not built yet: its title, so navigation and titles can be tried.
type PagePlaceholderProps = {
  title: string;
};

export function PagePlaceholder({ title }: PagePlaceholderProps) {
  return (
    <section className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
    </section>
  );
}

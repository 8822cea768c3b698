// Placeholder until its feature lands.
export default function Page() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold">Create Course</h1>
    </section>
  );
}

export default function Home() {
  return <h1>Velvet</h1>;
}

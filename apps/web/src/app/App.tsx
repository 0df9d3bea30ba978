export function App() {
  return <div>Z-VIEW</div>;
}

export function meta() {
  return [{ title: "Dashboard | Trade Counter Admin" }];
}

export default function Dashboard() {
  return <h1 className="font-bold text-2xl">Dashboard</h1>;
}

import { NavLink } from 'react-router';

/** The menu area's two lists: the stores (each with its editor) and the coupons. */
export function MenuTabs() {
  return (
    <nav className="tabs" aria-label="Menu">
      <NavLink to="/menu" end>
        Stores
      </NavLink>
      <NavLink to="/menu/coupons">Coupons</NavLink>
    </nav>
  );
}

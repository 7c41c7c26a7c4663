"""Check the 2x2 shift block symbolically with sympy: the right matrix leaves zero, the textbook rotation does not."""

from pelib import docenv
import sympy as sp

# --8<-- [start:symbolic]
omega, p, k, j = sp.symbols("omega p k j", real=True)


def block(angle: sp.Expr) -> sp.Matrix:
    """The shift block of the (sin, cos) ordering: the transpose of the textbook rotation by `angle`."""
    return sp.Matrix([[sp.cos(angle), sp.sin(angle)], [-sp.sin(angle), sp.cos(angle)]])


def pair(position: sp.Expr) -> sp.Matrix:
    """The column pair (sin w p, cos w p) of PE at `position`."""
    return sp.Matrix([sp.sin(omega * position), sp.cos(omega * position)])


def residual(matrix: sp.Matrix) -> sp.Matrix:
    """pair(p + k) - matrix @ pair(p), expanded with the angle-addition formulas and simplified."""
    return sp.simplify(sp.expand_trig(pair(p + k) - matrix * pair(p)))
# --8<-- [end:symbolic]


if __name__ == "__main__":
    # --8<-- [start:run]
    textbook = block(omega * k).T  # [[cos, -sin], [sin, cos]]: the usual counter-clockwise rotation
    print("R(k) =", block(omega * k))
    print("pair(p+k) - R(k) pair(p)        =", residual(block(omega * k)).T)
    print("pair(p+k) - R(k)^T pair(p)      =", residual(textbook).T)
    print("pair(p-k) - R(k)^T pair(p)      =", sp.simplify(sp.expand_trig(pair(p - k) - textbook * pair(p))).T)
    print("R(k) R(j) - R(k+j)              =", sp.simplify(block(omega * k) * block(omega * j) - block(omega * (k + j))))
    print("R(k)^T R(k) - I                 =", sp.simplify(block(omega * k).T * block(omega * k) - sp.eye(2)))
    # --8<-- [end:run]

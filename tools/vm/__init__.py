"""CircuitPython's and MicroPython's VMs, and the heap and time measured on them."""

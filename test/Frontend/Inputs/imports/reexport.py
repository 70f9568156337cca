# Re-exports a function of activations.py, as a package __init__ might,
# and everything star.py has.
from .activations import leaky_relu
from .star import *

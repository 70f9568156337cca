# Re-exports a function of activations.py, as a package __init__ might.
from .activations import leaky_relu

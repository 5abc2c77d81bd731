"""One module per rule kind a pool can use; `engine.rules` finds every module here.

What a module provides is described in `engine/rules/kind.py`.
"""

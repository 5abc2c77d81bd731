"""Card pools: the data (`model`), reading pool files (`load`), finding them (`registry`) and
the data-only disk cache (`cache`). The core (resolver, rules, draw) sees only `model`.
"""

"""frame filter: placeholder."""
def register():
    pass

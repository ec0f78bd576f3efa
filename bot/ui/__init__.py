"""The Discord side: persistent components, message builders, and the controller."""
